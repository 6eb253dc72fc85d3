/** The brand the titles are written with; a deployment's BRAND_NAME replaces it on the client (page-meta's pageTitle). */
export const BRAND = 'Vibe Business Coach';
