/** An item or sku code as the catalogue writes them (D0001, D0001-12, 00041VC). Kept free of zod so the browser can use it cheaply. */
export const ITEM_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,23}$/;

/** SPEC §5: these e-gift card codes cannot be added through the item-code paths or the quick-order box. */
export const EGIFT_ITEM_CODES: ReadonlySet<string> = new Set(['00041VC', '00042VC', '00043VC', '02698VC']);
