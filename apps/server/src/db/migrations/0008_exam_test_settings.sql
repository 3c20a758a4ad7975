ALTER TABLE "exam_definitions" ADD COLUMN "shuffle_questions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_definitions" ADD COLUMN "shuffle_options" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_definitions" ADD COLUMN "partial_marks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_instances" ADD COLUMN "shuffle_options" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_instances" ADD COLUMN "partial_marks" boolean DEFAULT false NOT NULL;