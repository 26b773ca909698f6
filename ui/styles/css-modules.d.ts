// Next's own declarations (`*.module.css` among them) for a type check run before any `next build` has written
// next-env.d.ts (a fresh clone's `npm test`); the same reference next-env.d.ts makes, so the two never disagree.
/// <reference types="next" />
