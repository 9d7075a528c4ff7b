-- Short links of the seed's GET /api/set/appShortLink/use: a code the app resolves to a
-- path inside the app (operators create them for campaigns and invitations). Targets are
-- app paths only, never another site (no open redirect).
CREATE TABLE short_links (
  id          bigserial PRIMARY KEY,
  code        text NOT NULL UNIQUE CHECK (code ~ '^[A-Za-z0-9_-]{3,32}$'),
  target      text NOT NULL CHECK (target ~ '^/[^/\\]' OR target = '/'),
  active      boolean NOT NULL DEFAULT true,
  uses        bigint NOT NULL DEFAULT 0,
  created_by  bigint REFERENCES staff(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
