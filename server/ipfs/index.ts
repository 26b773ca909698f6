export type { ContentNode } from './content-node';
export { gatewayResponse, sniffMimeType, type GatewayOptions } from './gateway';
export { openHeliaNode, type HeliaNodeOptions } from './helia-node';
export { ipfsSettingsFromEnv, type IpfsSettings } from './settings';
export { getContentNode } from './singleton';
