-- PostgreSQL settings for Edgecaster Cloud's write load: applied once to a new server (compose.yaml
-- runs it at the database's first start; apply it with psql to a server of your own). Every setting
-- takes effect on a reload. The benches' own PostgreSQL runs with it (apps/server/bench/production-stack.ts).
--
-- Metrics every 10 s from 10,000 devices update about 12,000 hourly roll-up rows a second. With the
-- default 1 GB of WAL between checkpoints, a checkpoint came every few seconds and each one made the next
-- write of every page a full-page image: 200 MB/s of writes on a 2-core VM, the ingest falling behind
-- (docs/benchmarks.md, Soak; decision 255).
ALTER SYSTEM SET max_wal_size = '8GB';
ALTER SYSTEM SET checkpoint_timeout = '15min';
ALTER SYSTEM SET checkpoint_completion_target = 0.9;
-- Full-page images compress well.
ALTER SYSTEM SET wal_compression = 'lz4';
SELECT pg_reload_conf();
