import { integer, pgTable, text } from "drizzle-orm/pg-core";

export const countries = pgTable("countries", {
  countryCode: text("country_code").primaryKey(),
  englishName: text("english_name").notNull(),
  chineseName: text("chinese_name").notNull(),
  phoneCode: text("phone_code").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});
