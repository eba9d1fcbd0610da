import { Field, ID, Int, ObjectType } from "type-graphql";
import { NotificationKind } from "./entity";
import type { NotificationView } from "./service";
import { PageOf } from "../../platform/graphql/page";

@ObjectType("Notification", { description: "Something the caller should know about, with the app path that shows it." })
export class NotificationObject implements NotificationView {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => NotificationKind, { description: "What it is about." })
  kind: NotificationKind;

  @Field(() => String, { description: "What happened, as plain text (show it as text, never as HTML)." })
  text: string;

  @Field(() => String, { description: "The app path that shows it, such as /orders/<id> or /messages/<id>." })
  link: string;

  @Field(() => Date, { nullable: true, description: "When the caller read it; null while unread." })
  readAt: Date | null;

  @Field(() => Date, { description: "When it happened (for a new-message notification: the latest message)." })
  createdAt: Date;
}

@ObjectType({ description: "A page of notifications, newest first." })
export class NotificationPage extends PageOf<NotificationView>(NotificationObject, {
  items: "The notifications on this page.",
  totalItems: "The caller's notifications, over all pages.",
}) {}

@ObjectType({ description: "A new (or updated) notification, as it arrives live, with the recipient's unread count." })
export class NotificationAdded {
  @Field(() => NotificationObject, { description: "The notification." })
  notification: NotificationView;

  @Field(() => Int, { description: "The recipient's unread notifications, this one included." })
  unreadCount: number;
}
