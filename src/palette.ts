/** DESIGN §7: the primary colour, and its lighter shade on the dark theme. */
export const PRIMARY_COLOR = '#104080';
export const PRIMARY_ON_DARK = '#9dbde8';
