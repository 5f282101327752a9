/** Where users write to us: the footer of every page and the legal documents name it. */
export const SUPPORT_EMAIL = 'support@runway.example';
