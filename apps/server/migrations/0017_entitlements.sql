CREATE TABLE "entitlement_profiles" (
	"profile_guid" text PRIMARY KEY NOT NULL,
	"profile_name" text NOT NULL,
	"profile_platform" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_allocations" (
	"license_id" uuid NOT NULL,
	"device_guid" uuid NOT NULL,
	"pending_deallocation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_allocations_license_id_device_guid_pk" PRIMARY KEY("license_id","device_guid")
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"license_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_name" text,
	"sales_order" text,
	"org_guid" uuid,
	"serial_number" text,
	"profile_guid" text NOT NULL,
	"unlimited" boolean DEFAULT false NOT NULL,
	"allocation_limit" integer,
	"lifespan_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	CONSTRAINT "licenses_one_holder" CHECK (("licenses"."org_guid" is null) <> ("licenses"."serial_number" is null)),
	CONSTRAINT "licenses_allocation_limit" CHECK ("licenses"."allocation_limit" is null or "licenses"."allocation_limit" > 0)
);
--> statement-breakpoint
ALTER TABLE "license_allocations" ADD CONSTRAINT "license_allocations_license_id_licenses_license_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("license_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_allocations" ADD CONSTRAINT "license_allocations_device_guid_devices_device_guid_fk" FOREIGN KEY ("device_guid") REFERENCES "public"."devices"("device_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_org_guid_orgs_org_guid_fk" FOREIGN KEY ("org_guid") REFERENCES "public"."orgs"("org_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_profile_guid_entitlement_profiles_profile_guid_fk" FOREIGN KEY ("profile_guid") REFERENCES "public"."entitlement_profiles"("profile_guid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entitlement_profiles_name_idx" ON "entitlement_profiles" USING btree (lower("profile_name") collate "C","profile_guid");--> statement-breakpoint
CREATE INDEX "license_allocations_device_idx" ON "license_allocations" USING btree ("device_guid");--> statement-breakpoint
CREATE INDEX "licenses_org_idx" ON "licenses" USING btree ("org_guid","created_at");--> statement-breakpoint
CREATE INDEX "licenses_serial_idx" ON "licenses" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "licenses_expires_idx" ON "licenses" USING btree ("expires");--> statement-breakpoint
-- The base profiles every device starts from (spec 3 §3.10), seeded with every capability's default.
INSERT INTO "entitlement_profiles" ("profile_guid", "profile_name", "profile_platform", "properties") VALUES
('BASE_EDGECASTER', 'Base Edgecaster', 'edgecaster', '{"services.cloud.device_config_tab.enabled":true,"services.cloud.output_control.enabled":true,"services.cloud.user_management_tab.enabled":true,"services.cloud.device_events.enabled":true,"services.cloud.metrics.enabled":true,"services.cloud.commands_interface.enabled":true,"services.cloud.bulk_actions.enabled":false,"services.cloud.fleet_monitor.enabled":false,"services.cloud.fleet_multiview.enabled":false,"services.cloud.input_preview.enabled":false,"services.cloud.reboot_device.enabled":true,"services.cloud.reset_settings.enabled":true,"services.cloud.download_logs.enabled":true,"services.cloud.local_ui_password.enabled":true,"services.adb.enabled":false,"services.docker.enabled":false,"services.docker.privileged":false,"daemon.input.limit":1,"daemon.input.audio.max_channels":8,"daemon.encoders.video.limit":1,"daemon.encoders.audio.limit":1,"daemon.encoders.audio.max_channels":6,"daemon.encoders.data.klv_sync.limit":1,"daemon.encoders.data.scte35.limit":1,"daemon.encoders.data.smpte2038.limit":1,"daemon.output.unicast.limit":2,"daemon.output.multicast.limit":2,"daemon.output.rtmp.limit":2,"daemon.output.rtsp.limit":1,"daemon.output.http_push.limit":1,"daemon.output.http_pull.limit":1,"daemon.output.srt.limit":2,"daemon.output.zixi.limit":0,"daemon.output.file.limit":1,"daemon.output.whip.limit":0,"daemon.output.thumbnail.limit":1,"services.cloud.metrics.send_rate":60,"daemon.encoders.video.bitrate":{"min":100,"max":50000},"daemon.encoders.video.keyframe_interval_frames":{"min":1,"max":1000},"daemon.encoders.audio.codecs":["MPEG4_AAC_ADTS"]}'::jsonb),
('BASE_EDGECASTER_MAX', 'Base Edgecaster Max', 'edgecaster_max', '{"services.cloud.device_config_tab.enabled":true,"services.cloud.output_control.enabled":true,"services.cloud.user_management_tab.enabled":true,"services.cloud.device_events.enabled":true,"services.cloud.metrics.enabled":true,"services.cloud.commands_interface.enabled":true,"services.cloud.bulk_actions.enabled":false,"services.cloud.fleet_monitor.enabled":false,"services.cloud.fleet_multiview.enabled":false,"services.cloud.input_preview.enabled":false,"services.cloud.reboot_device.enabled":true,"services.cloud.reset_settings.enabled":true,"services.cloud.download_logs.enabled":true,"services.cloud.local_ui_password.enabled":true,"services.adb.enabled":false,"services.docker.enabled":false,"services.docker.privileged":false,"daemon.input.limit":2,"daemon.input.audio.max_channels":8,"daemon.encoders.video.limit":2,"daemon.encoders.audio.limit":2,"daemon.encoders.audio.max_channels":6,"daemon.encoders.data.klv_sync.limit":2,"daemon.encoders.data.scte35.limit":2,"daemon.encoders.data.smpte2038.limit":2,"daemon.output.unicast.limit":4,"daemon.output.multicast.limit":4,"daemon.output.rtmp.limit":4,"daemon.output.rtsp.limit":2,"daemon.output.http_push.limit":2,"daemon.output.http_pull.limit":2,"daemon.output.srt.limit":4,"daemon.output.zixi.limit":0,"daemon.output.file.limit":2,"daemon.output.whip.limit":0,"daemon.output.thumbnail.limit":2,"services.cloud.metrics.send_rate":60,"daemon.encoders.video.bitrate":{"min":100,"max":50000},"daemon.encoders.video.keyframe_interval_frames":{"min":1,"max":1000},"daemon.encoders.audio.codecs":["MPEG4_AAC_ADTS"]}'::jsonb);
