CREATE TABLE `access_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`api_token_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`scopes` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`api_token_id`) REFERENCES `api_tokens`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `access_tokens_token_hash_unique` ON `access_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `access_tokens_expires` ON `access_tokens` (`expires_at`);--> statement-breakpoint
CREATE INDEX `access_tokens_api_token` ON `access_tokens` (`api_token_id`);--> statement-breakpoint
CREATE TABLE `accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_email_unique` ON `accounts` (`email`);--> statement-breakpoint
CREATE TABLE `api_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`scopes` text NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text,
	`expires_at` text,
	`revoked_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_token_hash_unique` ON `api_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `api_tokens_account` ON `api_tokens` (`account_id`);--> statement-breakpoint
CREATE TABLE `kit_icon_uploads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kit_id` integer NOT NULL,
	`name` text NOT NULL,
	`unicode` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`path_data` text NOT NULL,
	`version` integer NOT NULL,
	FOREIGN KEY (`kit_id`) REFERENCES `kits`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `kit_icon_uploads_kit_name` ON `kit_icon_uploads` (`kit_id`,`name`);--> statement-breakpoint
CREATE TABLE `kits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`token` text NOT NULL,
	`name` text NOT NULL,
	`version` text NOT NULL,
	`technology` text NOT NULL,
	`license` text NOT NULL,
	`minified` integer DEFAULT true NOT NULL,
	`shim_enabled` integer DEFAULT false NOT NULL,
	`auto_accessibility_enabled` integer DEFAULT true NOT NULL,
	`status` text DEFAULT 'published' NOT NULL,
	`domains` text NOT NULL,
	`revision` integer DEFAULT 1 NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `kits_token_unique` ON `kits` (`token`);--> statement-breakpoint
CREATE INDEX `kits_account` ON `kits` (`account_id`);