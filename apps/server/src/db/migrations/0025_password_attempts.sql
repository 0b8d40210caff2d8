CREATE TABLE "password_attempts" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"failures" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "password_attempts_scope_subject_pk" PRIMARY KEY("scope","subject")
);
--> statement-breakpoint
-- The failures kept before this table (one auth_verifications row each) are not carried over.
DELETE FROM "auth_verifications" WHERE "identifier" LIKE 'password-failure:%';
