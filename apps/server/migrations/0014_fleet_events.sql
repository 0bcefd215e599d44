ALTER TABLE "device_events" ALTER COLUMN "device_guid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "device_events" ADD COLUMN "fleet_guid" uuid;--> statement-breakpoint
CREATE INDEX "device_events_fleet_idx" ON "device_events" USING btree ("fleet_guid","timestamp");