CREATE TABLE "device_users" (
	"device_guid" uuid NOT NULL,
	"user_guid" uuid NOT NULL,
	"org_guid" uuid NOT NULL,
	"access" smallint NOT NULL,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_users_device_guid_user_guid_pk" PRIMARY KEY("device_guid","user_guid"),
	CONSTRAINT "device_users_access" CHECK ("device_users"."access" in (100, 200, 300))
);
--> statement-breakpoint
ALTER TABLE "device_users" ADD CONSTRAINT "device_users_device_guid_devices_device_guid_fk" FOREIGN KEY ("device_guid") REFERENCES "public"."devices"("device_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_users" ADD CONSTRAINT "device_users_user_guid_users_user_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("user_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_users" ADD CONSTRAINT "device_users_org_guid_orgs_org_guid_fk" FOREIGN KEY ("org_guid") REFERENCES "public"."orgs"("org_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_users" ADD CONSTRAINT "device_users_granted_by_users_user_guid_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("user_guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_users_user_idx" ON "device_users" USING btree ("user_guid");--> statement-breakpoint
CREATE INDEX "device_users_org_idx" ON "device_users" USING btree ("org_guid");