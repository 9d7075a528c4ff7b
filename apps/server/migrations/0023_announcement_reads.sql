-- Which announcements a customer has opened (the seed's /api/sys/annountCement/listByUser
-- lists announcements with this read state). One row per customer and announcement.
CREATE TABLE announcement_reads (
  user_id bigint NOT NULL REFERENCES users (id),
  item_id bigint NOT NULL REFERENCES content_items (id),
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, item_id)
);
