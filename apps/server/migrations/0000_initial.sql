CREATE SEQUENCE "public"."device_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "device_events" (
	"event_guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_guid" uuid NOT NULL,
	"org_guid" uuid,
	"event_type" text NOT NULL,
	"event_data" jsonb NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"device_guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial_number" text NOT NULL,
	"product_name" text NOT NULL,
	"mac_address" text NOT NULL,
	"manufacture_date" date NOT NULL,
	"provision_date" timestamp with time zone DEFAULT now() NOT NULL,
	"mqtt_secret_hash" text NOT NULL,
	"org_guid" uuid,
	"adopted_at" timestamp with time zone,
	"device_name" text DEFAULT '' NOT NULL,
	"metadata" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"online_changed_at" timestamp with time zone,
	"state" jsonb,
	"state_updated_at" timestamp with time zone,
	"outputs_status" smallint
);
--> statement-breakpoint
CREATE TABLE "org_users" (
	"org_guid" uuid NOT NULL,
	"user_guid" uuid NOT NULL,
	"access" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_users_org_guid_user_guid_pk" PRIMARY KEY("org_guid","user_guid")
);
--> statement-breakpoint
CREATE TABLE "orgs" (
	"org_guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"session_guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_guid" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "shadow_commands" (
	"command_guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_guid" uuid NOT NULL,
	"shadow_name" text NOT NULL,
	"command_type" text NOT NULL,
	"target_version" integer,
	"requested_state" jsonb,
	"command_state" text DEFAULT 'pending' NOT NULL,
	"response" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shadows" (
	"device_guid" uuid NOT NULL,
	"shadow_name" text NOT NULL,
	"reported_state" jsonb,
	"reported_version" integer,
	"reported_at" timestamp with time zone,
	"requested_state" jsonb,
	"requested_at" timestamp with time zone,
	CONSTRAINT "shadows_device_guid_shadow_name_pk" PRIMARY KEY("device_guid","shadow_name")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"phone_number" text,
	"locale" text NOT NULL,
	"zoneinfo" text NOT NULL,
	"status" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"code_guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_guid" uuid NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_device_guid_devices_device_guid_fk" FOREIGN KEY ("device_guid") REFERENCES "public"."devices"("device_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_org_guid_orgs_org_guid_fk" FOREIGN KEY ("org_guid") REFERENCES "public"."orgs"("org_guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_users" ADD CONSTRAINT "org_users_org_guid_orgs_org_guid_fk" FOREIGN KEY ("org_guid") REFERENCES "public"."orgs"("org_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_users" ADD CONSTRAINT "org_users_user_guid_users_user_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("user_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_guid_users_user_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("user_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shadow_commands" ADD CONSTRAINT "shadow_commands_device_guid_devices_device_guid_fk" FOREIGN KEY ("device_guid") REFERENCES "public"."devices"("device_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shadow_commands" ADD CONSTRAINT "shadow_commands_created_by_users_user_guid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shadows" ADD CONSTRAINT "shadows_device_guid_devices_device_guid_fk" FOREIGN KEY ("device_guid") REFERENCES "public"."devices"("device_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_guid_users_user_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("user_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_events_device_idx" ON "device_events" USING btree ("device_guid","timestamp");--> statement-breakpoint
CREATE INDEX "device_events_org_idx" ON "device_events" USING btree ("org_guid","timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_serial_idx" ON "devices" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "devices_org_name_idx" ON "devices" USING btree ("org_guid",lower("device_name") collate "C","device_guid");--> statement-breakpoint
CREATE INDEX "org_users_user_idx" ON "org_users" USING btree ("user_guid");--> statement-breakpoint
CREATE INDEX "shadow_commands_device_idx" ON "shadow_commands" USING btree ("device_guid","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_user_idx" ON "verification_codes" USING btree ("user_guid","purpose");