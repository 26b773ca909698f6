/** The real app for the browser suites (scripts/lib/app-server.ts) and Debian's chromium through playwright-core. */
export { ROOT, startAppServer, type AppServer, type AppServerOptions } from '../../scripts/lib/app-server';
export { launchBrowser } from '../../scripts/lib/browser';
