CREATE TABLE `kit_subset_family_styles` (
	`kit_id` integer NOT NULL,
	`prefix` text NOT NULL,
	`only` text,
	`position` integer NOT NULL,
	PRIMARY KEY(`kit_id`, `prefix`),
	FOREIGN KEY (`kit_id`) REFERENCES `kits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `kits` ADD `subset_type` text DEFAULT 'FULL' NOT NULL;