-- The daily e-mail digest (issue 18, decision 0038): up to when each user's notifications have been sent.
-- The next digest lists their unread notifications made after it; a digest that failed leaves it as it was,
-- so the next day's e-mail carries what the failed one would have.
ALTER TABLE notification_preferences ADD COLUMN digest_sent_until timestamptz;

-- Track Pending Actions: incidents neither Resolved nor Closed, oldest first, paged from this index alone.
CREATE INDEX incidents_pending_oldest ON incidents (date_time, id) WHERE status IN ('Open', 'Investigating', 'Action Pending');

-- View Reorder Suggestions: the items at or below their reorder level, biggest shortfall first, in the order of
-- its pages and its CSV's keyset (shortfall, id), without sorting a shortfall's many items on each page.
CREATE INDEX inventory_reorder_suggestions ON inventory_items ((quantity - reorder_level), id) WHERE quantity - reorder_level <= 0;
