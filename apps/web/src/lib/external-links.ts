/** Where people can write to us; the support page, the 'Coming soon' page and the legal pages all use it. */
export const SUPPORT_EMAIL = 'support@invoicer.app';

/**
 * The sidebar's article card. GOV.UK's guide says what an invoice must contain, which fits a
 * product operated from the UK and needs no tracking or sponsorship.
 */
export const INVOICING_GUIDE_URL = 'https://www.gov.uk/invoicing-and-taking-payment-from-customers';
