CREATE TABLE "fleet_devices" (
	"fleet_guid" uuid NOT NULL,
	"device_guid" uuid NOT NULL,
	"org_guid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_devices_fleet_guid_device_guid_pk" PRIMARY KEY("fleet_guid","device_guid")
);
--> statement-breakpoint
CREATE TABLE "fleet_users" (
	"fleet_guid" uuid NOT NULL,
	"user_guid" uuid NOT NULL,
	"access" smallint NOT NULL,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_users_fleet_guid_user_guid_pk" PRIMARY KEY("fleet_guid","user_guid"),
	CONSTRAINT "fleet_users_access" CHECK ("fleet_users"."access" in (100, 200, 300))
);
--> statement-breakpoint
CREATE TABLE "fleets" (
	"fleet_guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_guid" uuid NOT NULL,
	"fleet_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fleet_devices" ADD CONSTRAINT "fleet_devices_fleet_guid_fleets_fleet_guid_fk" FOREIGN KEY ("fleet_guid") REFERENCES "public"."fleets"("fleet_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_devices" ADD CONSTRAINT "fleet_devices_device_guid_devices_device_guid_fk" FOREIGN KEY ("device_guid") REFERENCES "public"."devices"("device_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_devices" ADD CONSTRAINT "fleet_devices_org_guid_orgs_org_guid_fk" FOREIGN KEY ("org_guid") REFERENCES "public"."orgs"("org_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_users" ADD CONSTRAINT "fleet_users_fleet_guid_fleets_fleet_guid_fk" FOREIGN KEY ("fleet_guid") REFERENCES "public"."fleets"("fleet_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_users" ADD CONSTRAINT "fleet_users_user_guid_users_user_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("user_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_users" ADD CONSTRAINT "fleet_users_granted_by_users_user_guid_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("user_guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleets" ADD CONSTRAINT "fleets_org_guid_orgs_org_guid_fk" FOREIGN KEY ("org_guid") REFERENCES "public"."orgs"("org_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fleet_devices_device_idx" ON "fleet_devices" USING btree ("device_guid","org_guid");--> statement-breakpoint
CREATE INDEX "fleet_users_user_idx" ON "fleet_users" USING btree ("user_guid");--> statement-breakpoint
CREATE INDEX "fleets_org_name_idx" ON "fleets" USING btree ("org_guid",lower("fleet_name") collate "C","fleet_guid");