/**
 * The class names that apply, joined for `className`: CSS Modules' classes, and `false` or nothing for those that do
 * not. None apply: no class attribute at all.
 */
export function cx(...names: readonly (string | false | null | undefined)[]): string | undefined {
  return names.filter(Boolean).join(' ') || undefined;
}
