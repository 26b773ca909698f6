/** tz1ab…cdef: enough of an address to recognise it; the full one goes in a title or beside it. */
export const shortAddress = (address: string): string => (address.length > 12 ? `${address.slice(0, 5)}…${address.slice(-4)}` : address);
