CREATE TABLE `iconify_icons` (
	`set_id` integer NOT NULL,
	`name` text NOT NULL,
	`parent` text,
	`data` text NOT NULL,
	`hidden` integer NOT NULL,
	PRIMARY KEY(`set_id`, `name`),
	FOREIGN KEY (`set_id`) REFERENCES `iconify_sets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `iconify_sets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`prefix` text NOT NULL,
	`version` text NOT NULL,
	`source` text NOT NULL,
	`last_modified` integer NOT NULL,
	`info` text,
	`defaults` text NOT NULL,
	`listing` text NOT NULL,
	`chars` text,
	`loaded_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `iconify_sets_prefix_unique` ON `iconify_sets` (`prefix`);