/** How many trending products the home page shows (the route fallback draws as many placeholders). */
export const TRENDING_COUNT = 10;
