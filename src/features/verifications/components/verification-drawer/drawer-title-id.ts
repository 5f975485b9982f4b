/** The drawer is labelled by its title, loaded or not. */
export const DRAWER_TITLE_ID = 'verification-drawer-title';
