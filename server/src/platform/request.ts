/**
 * What app/ hands to every request: the services and this request's loaders. Platform code and
 * features name them through these two interfaces; app/ fills them in by declaration merging
 * (`declare module` in app/services.ts and app/loaders.ts), so platform/ never imports app/ or a feature.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- completed by app/services.ts
export interface RequestServices {}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- completed by app/loaders.ts
export interface RequestLoaders {}
