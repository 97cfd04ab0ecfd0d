/** The Visitors search form's id: the online filter joins the form by it, and the live list reads the form by it. */
export const VISITOR_SEARCH_FORM_ID = "visitor-search-form";
