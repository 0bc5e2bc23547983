/** An item or sku code as the catalogue writes them (D0001, D0001-12, 00041VC). Kept free of zod so the browser can use it cheaply. */
export const ITEM_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,23}$/;
