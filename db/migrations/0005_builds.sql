CREATE TABLE `builds` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`kit_id` integer,
	`build_type` text NOT NULL,
	`request` text NOT NULL,
	`status` text NOT NULL,
	`failure_reason` text,
	`zip` blob,
	`created_at` text NOT NULL,
	`finished_at` text,
	`heartbeat_at` text,
	FOREIGN KEY (`kit_id`) REFERENCES `kits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `builds_kit` ON `builds` (`kit_id`);--> statement-breakpoint
CREATE INDEX `builds_request` ON `builds` (`request`);