-- Sandbox samples (issue 35 §1): which sample IEO project or contest a sandbox database has
-- already been given, so a restart (or a second node starting at the same moment) never makes
-- one twice. A row is claimed before its sample is made and names it once made.
CREATE TABLE sandbox_samples (
  key text PRIMARY KEY,
  ref_id bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
