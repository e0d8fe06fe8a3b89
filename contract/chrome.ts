import { z } from 'zod';

export const navigationItemSchema = z.object({ title: z.string(), url: z.string() });
export type NavigationItem = z.infer<typeof navigationItemSchema>;

export const breadcrumbSchema = z.object({ title: z.string(), url: z.string() });
export type Breadcrumb = z.infer<typeof breadcrumbSchema>;

const currentUserSchema = z.object({
  username: z.string(),
  email: z.string(),
  name: z.string(),
  isEnabled: z.boolean(),
  roles: z.array(z.string()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
