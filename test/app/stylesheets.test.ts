/**
 * The stylesheets' convention: the design tokens and the elements' defaults are global, every class lives in
 * a CSS Module beside its component. A class a component names but its module lacks is hashed to nothing and the
 * element goes unstyled without an error, so these checks read the sources the way the bundler will.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

const filesUnder = (dir: string, ending: string): string[] =>
  readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(ending))
    .map((f) => path.join(dir, f));

const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

/** The classes a stylesheet's selectors name (comments and declarations left out). */
function classesOf(css: string): Set<string> {
  const selectors = css.replace(/\/\*[\s\S]*?\*\//g, '').match(/[^{}]+(?=\{)/g) ?? [];
  return new Set(
    selectors
      .filter((s) => !s.trim().startsWith('@'))
      .flatMap((s) => [...s.matchAll(/\.([A-Za-z_][\w-]*)/g)].map((m) => m[1]!)),
  );
}

const components = [...filesUnder('ui', '.tsx'), ...filesUnder('app', '.tsx')];
const modules = filesUnder('ui', '.module.css');

/** Each component's CSS Module imports and the classes it takes from each. */
const uses = components.flatMap((file) => {
  const source = read(file);
  const code = source.replace(/^import .*$/gm, '');
  return [...source.matchAll(/^import (\w+) from '([^']+\.module\.css)';$/gm)].map(([, name, from]) => ({
    file,
    module: path.join(path.dirname(file), from!),
    classes: [...code.matchAll(new RegExp(`\\b${name}\\.(\\w+)`, 'g'))].map((m) => m[1]!),
  }));
});

describe('stylesheets', () => {
  it('every class a component takes from a CSS Module is defined there', () => {
    const missing = uses.flatMap((u) => {
      const defined = classesOf(read(u.module));
      return u.classes.filter((c) => !defined.has(c)).map((c) => `${u.file}: ${c} (${u.module})`);
    });
    expect(missing).toEqual([]);
  });

  it('every class of a CSS Module is used by a component that imports it (no dead rules)', () => {
    const unused = modules.flatMap((m) => {
      const used = new Set(uses.filter((u) => u.module === m).flatMap((u) => u.classes));
      return [...classesOf(read(m))].filter((c) => !used.has(c)).map((c) => `${m}: ${c}`);
    });
    expect(unused).toEqual([]);
  });

  it('components name no global class: every className comes from a CSS Module', () => {
    const literal = components.flatMap((f) =>
      [...read(f).matchAll(/className="[^"]*"|className=\{'[^']*'\}/g)].map((m) => `${f}: ${m[0]}`),
    );
    expect(literal).toEqual([]);
  });

  it('the modules write no colour literal: colours and shadows are design tokens (ui/styles/tokens.css)', () => {
    const literals = modules.flatMap((m) =>
      [...read(m).matchAll(/#[0-9a-fA-F]{3,8}\b|rgba?\(/g)].map((x) => `${m}: ${x[0]}`),
    );
    expect(literals).toEqual([]);
  });

  it('the global stylesheets hold the tokens, a reset and element defaults, no class', () => {
    const globals = filesUnder('ui', '.css').filter((f) => !f.endsWith('.module.css'));
    expect(globals.sort()).toEqual(['ui/styles/globals.css', 'ui/styles/tokens.css']);
    expect(globals.flatMap((f) => [...classesOf(read(f))].map((c) => `${f}: .${c}`))).toEqual([]);
  });
});
