CREATE TABLE "invites" (
	"invite_guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_email" text NOT NULL,
	"access" smallint DEFAULT 100 NOT NULL,
	"org_guid" uuid,
	"fleet_guid" uuid,
	"device_guid" uuid,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invites_target_unique" UNIQUE NULLS NOT DISTINCT("target_email","org_guid","fleet_guid","device_guid"),
	CONSTRAINT "invites_target_email_lower" CHECK ("invites"."target_email" = lower("invites"."target_email")),
	CONSTRAINT "invites_one_target" CHECK (num_nonnulls("invites"."org_guid", "invites"."fleet_guid", "invites"."device_guid") = 1)
);
--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_org_guid_orgs_org_guid_fk" FOREIGN KEY ("org_guid") REFERENCES "public"."orgs"("org_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_device_guid_devices_device_guid_fk" FOREIGN KEY ("device_guid") REFERENCES "public"."devices"("device_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_invited_by_users_user_guid_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("user_guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invites_target_email_idx" ON "invites" USING btree ("target_email");