import { filter, pipe } from "@graphql-yoga/subscription";
import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from "type-graphql";
import { assertRole, type AuthUser } from "../../platform/auth/roles";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import type { Page } from "../../platform/shared/pagination";
import { NOTIFICATION_EVENT, type NotificationEvent, type NotificationView } from "./service";
import { NotificationAdded, NotificationObject, NotificationPage } from "./types";

@Resolver(() => NotificationObject)
export class NotificationsResolver {
  @Allow()
  @Query(() => NotificationPage, { description: "The caller's notifications, newest first." })
  notifications(
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1 (the newest)." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 20, description: "Notifications per page, 1 to 50." })
    pageSize: number | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<Page<NotificationView>> {
    return ctx.services.notifications.list(caller, { page: page ?? undefined, pageSize: pageSize ?? undefined });
  }

  @Allow()
  @Query(() => Int, { description: "How many of the caller's notifications are unread (the bell's badge)." })
  notificationUnreadCount(@Caller() caller: AuthUser, @Ctx() ctx: Context): Promise<number> {
    return ctx.services.notifications.unreadCount(caller);
  }

  @Allow()
  @Mutation(() => NotificationObject, { description: "Marks one of the caller's notifications read (again: no change)." })
  markNotificationRead(
    @Arg("id", () => ID, { description: "Notification id." }) id: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<NotificationView> {
    return ctx.services.notifications.markRead(id, caller);
  }

  @Allow()
  @Mutation(() => String, {
    description:
      'Sets the language the server writes to the caller in: notifications (those they have too), pushes and e-mails. "en" or "ur"; answers it.',
  })
  setLanguage(
    @Arg("language", () => String, { description: '"en" (English) or "ur" (Urdu).' }) language: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<string> {
    return ctx.services.notifications.setLanguage(caller, language);
  }

  @Allow()
  @Mutation(() => Int, { description: "Marks every unread notification of the caller read; returns how many it marked." })
  markAllNotificationsRead(@Caller() caller: AuthUser, @Ctx() ctx: Context): Promise<number> {
    return ctx.services.notifications.markAllRead(caller);
  }

  @Allow()
  @Subscription(() => NotificationAdded, {
    description:
      "The caller's notifications as they are created (or, for new messages, updated), with their unread count. Over WebSocket (graphql-ws) at /graphql.",
    subscribe: ({ context }) => {
      const user = assertRole((context as Context).user, []);
      return pipe(
        (context as Context).services.live.subscribe("user", user.id),
        filter((event): event is NotificationEvent => event.type === NOTIFICATION_EVENT),
      );
    },
  })
  notificationAdded(@Root() event: NotificationEvent): NotificationAdded {
    const { notification } = event;
    // dates travel as ISO strings (live.ts)
    return {
      notification: {
        ...notification,
        createdAt: new Date(notification.createdAt),
        readAt: notification.readAt && new Date(notification.readAt),
      },
      unreadCount: event.unreadCount,
    };
  }
}
