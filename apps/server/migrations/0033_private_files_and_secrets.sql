-- Security to ASVS level 2 (uploads and secrets at rest).
-- Chat files get their own purpose: private to the conversation, removed after its retention
-- period. A guest's upload records the guest, its device and address for the daily quota.
ALTER TABLE uploads DROP CONSTRAINT IF EXISTS uploads_purpose_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_purpose_check CHECK (purpose IN ('general', 'kyc', 'chat'));
ALTER TABLE uploads
  ADD COLUMN guest_id bigint,
  ADD COLUMN device_id text,
  ADD COLUMN client_ip text;
CREATE INDEX uploads_guest_device_idx ON uploads (device_id, created_at) WHERE device_id IS NOT NULL;
CREATE INDEX uploads_guest_ip_idx ON uploads (client_ip, created_at) WHERE client_ip IS NOT NULL;
-- Files uploaded for a chat before this migration were "general"; they are chat files.
UPDATE uploads SET purpose = 'chat'
  WHERE purpose = 'general' AND name IN (SELECT name FROM chat_uploads);
CREATE INDEX chat_conversations_closed_idx ON chat_conversations (closed_at) WHERE status = 'closed';
-- A loan identity photo is stored as its upload's own URL (it once kept whatever the client
-- sent, and the console fetched that with the staff session).
UPDATE loan_identity_checks c SET photo = '/api/sys/common/files/' || u.name
  FROM uploads u WHERE u.id = c.photo_upload_id;
UPDATE loan_identity_checks SET photo = NULL WHERE photo_upload_id IS NULL;
-- SMS can leave through a provider (SMS_PROVIDER=http).
ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_transport_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_transport_check CHECK (transport IN ('outbox', 'smtp', 'sms'));
