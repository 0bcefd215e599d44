/** Width of the side navigation, beside the page on wide screens and as a drawer on small ones. */
export const NAV_WIDTH = 256;
