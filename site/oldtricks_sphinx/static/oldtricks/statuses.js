// The ledger's statuses, strongest first: engine/oldtricks/core/options.py STATUSES, which a test holds this
// list to (tests/site/test_site_ledger.py). Imported wherever a page names or sorts by one.
export const STATUSES = ["documented", "disputed", "suggested", "assumed"];
