/** The product's name, as the title bar and the logo show it. */
export const PRODUCT_NAME = 'QR Verify';
