CREATE TABLE `categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`release_id` integer NOT NULL,
	`name` text NOT NULL,
	`label` text NOT NULL,
	FOREIGN KEY (`release_id`) REFERENCES `releases`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_release_name` ON `categories` (`release_id`,`name`);--> statement-breakpoint
CREATE TABLE `category_icons` (
	`category_id` integer NOT NULL,
	`icon_id` integer NOT NULL,
	PRIMARY KEY(`category_id`, `icon_id`),
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`icon_id`) REFERENCES `icons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `category_icons_icon` ON `category_icons` (`icon_id`);--> statement-breakpoint
CREATE TABLE `family_style_visual_tags` (
	`family_style_id` integer NOT NULL,
	`visual_tag_id` integer NOT NULL,
	PRIMARY KEY(`family_style_id`, `visual_tag_id`),
	FOREIGN KEY (`family_style_id`) REFERENCES `family_styles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`visual_tag_id`) REFERENCES `visual_tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `family_styles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`release_id` integer NOT NULL,
	`family` text NOT NULL,
	`style` text NOT NULL,
	`prefix` text NOT NULL,
	`shorthand` text NOT NULL,
	`label` text NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`release_id`) REFERENCES `releases`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `family_styles_release_prefix` ON `family_styles` (`release_id`,`prefix`);--> statement-breakpoint
CREATE UNIQUE INDEX `family_styles_release_family_style` ON `family_styles` (`release_id`,`family`,`style`);--> statement-breakpoint
CREATE TABLE `icon_alias_names` (
	`icon_id` integer NOT NULL,
	`release_id` integer NOT NULL,
	`name` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`icon_id`, `name`),
	FOREIGN KEY (`icon_id`) REFERENCES `icons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`release_id`) REFERENCES `releases`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `icon_alias_names_release_name` ON `icon_alias_names` (`release_id`,`name`);--> statement-breakpoint
CREATE TABLE `icon_alias_unicodes` (
	`icon_id` integer NOT NULL,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`icon_id`, `kind`, `position`),
	FOREIGN KEY (`icon_id`) REFERENCES `icons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `icon_collection_packs` (
	`icon_collection_id` integer NOT NULL,
	`icon_pack_id` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`icon_collection_id`, `icon_pack_id`),
	FOREIGN KEY (`icon_collection_id`) REFERENCES `icon_collections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`icon_pack_id`) REFERENCES `icon_packs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `icon_collection_subsets` (
	`icon_collection_id` integer NOT NULL,
	`family_style_id` integer NOT NULL,
	`only` text,
	`position` integer NOT NULL,
	PRIMARY KEY(`icon_collection_id`, `family_style_id`),
	FOREIGN KEY (`icon_collection_id`) REFERENCES `icon_collections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`family_style_id`) REFERENCES `family_styles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `icon_collections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`release_id` integer NOT NULL,
	`name` text NOT NULL,
	`label` text NOT NULL,
	`label_icon_name` text NOT NULL,
	`label_icon_prefix` text NOT NULL,
	`is_subset` integer NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`release_id`) REFERENCES `releases`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `icon_collections_release_name` ON `icon_collections` (`release_id`,`name`);--> statement-breakpoint
CREATE TABLE `icon_family_styles` (
	`icon_id` integer NOT NULL,
	`family_style_id` integer NOT NULL,
	`license` text NOT NULL,
	PRIMARY KEY(`icon_id`, `license`, `family_style_id`),
	FOREIGN KEY (`icon_id`) REFERENCES `icons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`family_style_id`) REFERENCES `family_styles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `icon_family_styles_family_style` ON `icon_family_styles` (`family_style_id`);--> statement-breakpoint
CREATE TABLE `icon_pack_family_styles` (
	`icon_pack_id` integer NOT NULL,
	`family_style_id` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`icon_pack_id`, `family_style_id`),
	FOREIGN KEY (`icon_pack_id`) REFERENCES `icon_packs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`family_style_id`) REFERENCES `family_styles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `icon_packs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`release_id` integer NOT NULL,
	`name` text NOT NULL,
	`label` text NOT NULL,
	`description` text,
	`designer_name` text,
	`designer_url` text,
	`label_icon_name` text NOT NULL,
	`label_icon_prefix` text NOT NULL,
	`source_canvas_height` integer NOT NULL,
	`source_grid_height` integer NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`release_id`) REFERENCES `releases`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `icon_packs_release_name` ON `icon_packs` (`release_id`,`name`);--> statement-breakpoint
CREATE TABLE `icon_search_terms` (
	`icon_id` integer NOT NULL,
	`term` text NOT NULL,
	PRIMARY KEY(`icon_id`, `term`),
	FOREIGN KEY (`icon_id`) REFERENCES `icons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `icon_svgs` (
	`icon_id` integer NOT NULL,
	`family_style_id` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`path_data` text NOT NULL,
	PRIMARY KEY(`icon_id`, `family_style_id`),
	FOREIGN KEY (`icon_id`) REFERENCES `icons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`family_style_id`) REFERENCES `family_styles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `icons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`release_id` integer NOT NULL,
	`name` text NOT NULL,
	`label` text NOT NULL,
	`unicode` text NOT NULL,
	`changes` text NOT NULL,
	`license` text NOT NULL,
	FOREIGN KEY (`release_id`) REFERENCES `releases`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `icons_release_name` ON `icons` (`release_id`,`name`);--> statement-breakpoint
CREATE INDEX `icons_release_license_name` ON `icons` (`release_id`,`license`,`name`);--> statement-breakpoint
CREATE TABLE `release_sris` (
	`release_id` integer NOT NULL,
	`license` text NOT NULL,
	`path` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`release_id`, `license`, `path`),
	FOREIGN KEY (`release_id`) REFERENCES `releases`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `releases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version` text NOT NULL,
	`date` text NOT NULL,
	`is_prerelease` integer NOT NULL,
	`separates_web_desktop` integer DEFAULT false NOT NULL,
	`source` text NOT NULL,
	`loaded_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `releases_version_unique` ON `releases` (`version`);--> statement-breakpoint
CREATE TABLE `shims` (
	`release_id` integer NOT NULL,
	`old_name` text NOT NULL,
	`name` text,
	`prefix` text,
	PRIMARY KEY(`release_id`, `old_name`),
	FOREIGN KEY (`release_id`) REFERENCES `releases`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `visual_tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`release_id` integer NOT NULL,
	`name` text NOT NULL,
	`label` text NOT NULL,
	`label_icon_name` text NOT NULL,
	`label_icon_prefix` text NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`release_id`) REFERENCES `releases`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `visual_tags_release_name` ON `visual_tags` (`release_id`,`name`);