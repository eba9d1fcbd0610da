import Alert from "@mui/material/Alert";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { errorMessage } from "../../components/errors";
import { useNotify } from "../../components/Notify";
import { PushDeviceDocument, type PushKind } from "../../generated/graphql";
import { usePushDeviceQuery, usePushPublicKeyQuery, useRemovePushDeviceMutation, useSavePushDeviceMutation } from "../../generated/hooks";

const KINDS: Array<{ kind: PushKind; label: string }> = [
  { kind: "MESSAGES", label: "New messages" },
  { kind: "OFFERS", label: "Offers on a price" },
  { kind: "ORDERS", label: "Orders and meetup changes" },
  { kind: "SAVED_SEARCHES", label: "New listings for my saved searches and wanted posts" },
  { kind: "MEETUPS", label: "A reminder an hour before a meetup" },
];
const ALL_KINDS = KINDS.map(({ kind }) => kind);

/** This browser's push subscription, once the service worker is known (undefined while looking). */
function useBrowserSubscription() {
  const supported = "serviceWorker" in navigator && "PushManager" in window;
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null | undefined>(supported ? undefined : null);
  const [subscription, setSubscription] = useState<PushSubscription | null | undefined>(undefined);
  useEffect(() => {
    if (!supported) return;
    void navigator.serviceWorker.getRegistration().then(async (found) => {
      setRegistration(found ?? null);
      setSubscription(found ? await found.pushManager.getSubscription() : null);
    });
  }, [supported]);
  return { registration, subscription, setSubscription };
}

/**
 * "Notify me on this device": Web Push for this browser, per kind. The server pushes only while no
 * tab of the app is open here or elsewhere; switching off forgets this device on the server too.
 */
export function PushSettings() {
  const notify = useNotify();
  const publicKey = usePushPublicKeyQuery().data?.pushPublicKey;
  const { registration, subscription, setSubscription } = useBrowserSubscription();
  const endpoint = subscription?.endpoint ?? "";
  const device = usePushDeviceQuery({ variables: { endpoint }, skip: !endpoint });
  const [save, saving] = useSavePushDeviceMutation();
  const [remove, removing] = useRemovePushDeviceMutation();
  const [denied, setDenied] = useState(() => typeof Notification !== "undefined" && Notification.permission === "denied");
  const kinds = device.data?.pushDevice?.kinds ?? [];
  const on = Boolean(device.data?.pushDevice);
  const busy = saving.loading || removing.loading;

  const saveKinds = async (target: PushSubscription, next: PushKind[]) => {
    const { keys } = target.toJSON();
    await save({
      variables: { input: { endpoint: target.endpoint, p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "", kinds: next } },
      update: (cache, { data }) => {
        if (data)
          cache.writeQuery({
            query: PushDeviceDocument,
            variables: { endpoint: target.endpoint },
            data: { pushDevice: data.savePushDevice },
          });
      },
    });
  };

  const turnOn = async () => {
    if (!registration || !publicKey) return;
    if ((await Notification.requestPermission()) !== "granted") return setDenied(true);
    const created = subscription ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
    setSubscription(created);
    await saveKinds(created, ALL_KINDS);
    notify.success("Notifications are on for this device.");
  };

  const turnOff = async () => {
    if (!subscription) return;
    await remove({ variables: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
    setSubscription(null);
    notify.success("Notifications are off for this device.");
  };

  const run = (action: () => Promise<void>) => () =>
    void action().catch((e: unknown) => notify.error(errorMessage(e, "Could not change the notifications of this device.")));

  const unavailable = registration === null || publicKey === null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="push-settings-title" sx={{ p: 2, mb: 3 }}>
      <Typography id="push-settings-title" variant="h6" component="h2" sx={{ fontSize: "1.1rem" }}>
        On this device
      </Typography>
      {unavailable ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          This browser cannot show UniBazaar's notifications while the app is closed.
        </Typography>
      ) : denied ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          Notifications are blocked for UniBazaar in this browser. Allow them in the site settings to turn them on here.
        </Alert>
      ) : (
        <>
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Switch checked={on} disabled={busy || registration === undefined} onChange={run(on ? turnOff : turnOn)} />}
            label="Notify me when UniBazaar is closed"
          />
          {on && subscription && (
            <FormGroup aria-label="What to notify me about" sx={{ pl: 1 }}>
              {KINDS.map(({ kind, label }) => (
                <FormControlLabel
                  key={kind}
                  label={label}
                  control={
                    <Checkbox
                      checked={kinds.includes(kind)}
                      disabled={busy}
                      onChange={run(() =>
                        saveKinds(subscription, kinds.includes(kind) ? kinds.filter((k) => k !== kind) : [...kinds, kind]),
                      )}
                    />
                  }
                />
              ))}
            </FormGroup>
          )}
        </>
      )}
    </Paper>
  );
}
