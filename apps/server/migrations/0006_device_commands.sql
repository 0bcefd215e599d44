CREATE TABLE "device_commands" (
	"command_guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_guid" uuid NOT NULL,
	"command" text NOT NULL,
	"data" jsonb,
	"state" text DEFAULT 'issued' NOT NULL,
	"message" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_guid_devices_device_guid_fk" FOREIGN KEY ("device_guid") REFERENCES "public"."devices"("device_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_created_by_users_user_guid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_commands_device_idx" ON "device_commands" USING btree ("device_guid","created_at");--> statement-breakpoint
CREATE INDEX "device_commands_open_idx" ON "device_commands" USING btree ("created_at") WHERE "device_commands"."state" in ('issued', 'accepted');