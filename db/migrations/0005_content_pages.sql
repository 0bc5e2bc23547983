CREATE TABLE "content_pages" (
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"data" jsonb NOT NULL,
	"checksum" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_pages_kind_name_pk" PRIMARY KEY("kind","name")
);
