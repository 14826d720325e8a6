// Scopes (contract §7). Every token has `public`; anonymous callers have only it.
export const SCOPES = ['public', 'kits_read', 'profile_read', 'svg_icons_free', 'svg_icons_pro'] as const;
export type Scope = (typeof SCOPES)[number];

export const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);

/** The scopes a token is granted: those asked for, plus `public`, in a stable order. */
export const withPublic = (scopes: string[]) => SCOPES.filter((s) => s === 'public' || scopes.includes(s));
