ALTER TABLE "shadow_commands" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "shadow_commands_pending_idx" ON "shadow_commands" USING btree ("device_guid","delivered_at") WHERE "shadow_commands"."command_state" = 'pending';--> statement-breakpoint
-- Every command stored before this column existed was handed to the broker when it was created.
UPDATE "shadow_commands" SET "delivered_at" = "created_at" WHERE "command_state" = 'pending';
