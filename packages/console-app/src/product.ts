/** What the login footer and the sidebar show (spec section 2: product label, copyright, version v1.0.0). */
export const PRODUCT_LABEL = 'Staff Console';
export const COPYRIGHT_HOLDER = 'Staff Console';
export const VERSION_LABEL = 'v1.0.0';
