-- No statistics for the JSON documents of the tables devices write to all day: no statement filters
-- on a document's contents, and ANALYZE sorted a sample of 30,000 documents for each of them. On
-- 10,000 devices an ANALYZE of shadows took 231 ms and of shadow_versions 260 ms, 87 and 83 ms
-- without; on the embedded database each holds the only connection while it runs (decision 285).
ALTER TABLE "shadows" ALTER COLUMN "reported_state" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "shadows" ALTER COLUMN "requested_state" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "shadow_versions" ALTER COLUMN "state" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "shadow_commands" ALTER COLUMN "requested_state" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "shadow_commands" ALTER COLUMN "response" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "state" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "metadata" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "device_events" ALTER COLUMN "event_data" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "device_commands" ALTER COLUMN "data" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "device_commands" ALTER COLUMN "response" SET STATISTICS 0;
