// What a `*.module.css` import is (Next's declaration), for `tsc` on a checkout where `next build` has not yet written
// next-env.d.ts.
/// <reference types="next/types/global" />
