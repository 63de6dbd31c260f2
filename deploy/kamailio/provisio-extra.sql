-- What deploy/kamailio/kamailio.cfg needs on top of Debian's Kamailio schema (standard, auth_db, usrloc, registrar,
-- domain, acc, dialog): the acc extra columns, per-user indexes for call history, and the call-settings table the
-- portal writes and Kamailio's htable "cs" loads. Idempotent: run it on a new database and again on every upgrade
-- (deploy/kamailio/create-db.sh and scripts/pg-throwaway.sh always do), as the kamailio role so it owns the objects.

-- acc (db_flag) and missed_calls (db_missed_flag): db_extra
-- "src_user=$fU;src_domain=$fd;dst_ouser=$tU;dst_user=<user whose phone rang>;dst_domain=$rd".
ALTER TABLE acc
  ADD COLUMN IF NOT EXISTS src_user VARCHAR(64) NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS src_domain VARCHAR(128) NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS dst_ouser VARCHAR(64) NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS dst_user VARCHAR(64) NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS dst_domain VARCHAR(128) NOT NULL DEFAULT '';
ALTER TABLE missed_calls
  ADD COLUMN IF NOT EXISTS src_user VARCHAR(64) NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS src_domain VARCHAR(128) NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS dst_ouser VARCHAR(64) NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS dst_user VARCHAR(64) NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS dst_domain VARCHAR(128) NOT NULL DEFAULT '';
CREATE INDEX IF NOT EXISTS missed_calls_dst_idx ON missed_calls (dst_user, dst_domain, time);
CREATE INDEX IF NOT EXISTS missed_calls_dst_ouser_idx ON missed_calls (dst_ouser, dst_domain, time);

-- acc_cdrs (cdr_extra): one row per call. dst_user = the number dialled, fwd_user = the user a forwarding rule sent
-- the call to ('' if none), sip_code = the final answer (200, 486, 480, 487...).
ALTER TABLE acc_cdrs
  ADD COLUMN IF NOT EXISTS callid VARCHAR(255) NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS src_user VARCHAR(64) NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS src_domain VARCHAR(128) NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS dst_user VARCHAR(64) NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS dst_domain VARCHAR(128) NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS sip_code VARCHAR(3) NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS fwd_user VARCHAR(64) NOT NULL DEFAULT '';
CREATE INDEX IF NOT EXISTS acc_cdrs_src_idx ON acc_cdrs (src_user, src_domain, start_time);
CREATE INDEX IF NOT EXISTS acc_cdrs_dst_idx ON acc_cdrs (dst_user, dst_domain, start_time);
CREATE INDEX IF NOT EXISTS acc_cdrs_fwd_idx ON acc_cdrs (fwd_user, dst_domain, start_time);
CREATE INDEX IF NOT EXISTS acc_cdrs_callid_idx ON acc_cdrs (callid);

-- Call settings (htable "cs", reloaded by the RPC htable.reload ["cs"]): htable's standard columns, with keys such as
-- dnd::<ext>@<domain> (see kamailio.cfg). key_type 0; value_type 0 = string, 1 = integer.
CREATE TABLE IF NOT EXISTS provisio_call_settings (
  id SERIAL PRIMARY KEY NOT NULL,
  key_name VARCHAR(255) NOT NULL DEFAULT '',
  key_type INTEGER NOT NULL DEFAULT 0,
  value_type INTEGER NOT NULL DEFAULT 0,
  key_value VARCHAR(255) NOT NULL DEFAULT '',
  expires INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS provisio_call_settings_key_idx ON provisio_call_settings (key_name);
INSERT INTO version (table_name, table_version) VALUES ('provisio_call_settings', 2) ON CONFLICT (table_name) DO NOTHING;
