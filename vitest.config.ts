import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // Render tests see a CSS Module's classes by their own names (`styles.tile` is "tile"), not hashed.
    css: { modules: { classNameStrategy: 'non-scoped' } },
    reporters: process.env.VITEST_JSON_REPORT ? ['default', ['json', { outputFile: process.env.VITEST_JSON_REPORT }]] : ['default'],
  },
});
