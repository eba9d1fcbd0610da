import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { zodResolver } from "@hookform/resolvers/zod";
import { sellerFieldIssues, storeDescriptionRule, storeNameRule } from "@unibazaar/rules";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useLocation, useNavigate } from "react-router-dom";
import { z } from "zod";
import { applyServerFieldErrors, errorMessage } from "../../../components/errors";
import { FormTextField } from "../../../components/FormFields";
import { useNotify } from "../../../components/Notify";
import type { SellerType } from "../../../generated/graphql";
import { useBecomeSellerMutation } from "../../../generated/hooks";
import { useAuth } from "../../../lib/auth";

type Form = { sellerType: SellerType | ""; storeName: string; storeDescription: string };
const FIELDS = ["sellerType", "storeName", "storeDescription"] as const;

/** The seller's fields as registration checks them (the server checks them again). */
const schema = z
  .object({ sellerType: z.enum(["BUSINESS", "INDIVIDUAL", ""]), storeName: storeNameRule, storeDescription: storeDescriptionRule })
  .superRefine((v, ctx) => {
    for (const issue of sellerFieldIssues({ ...v, seller: true, business: v.sellerType === "BUSINESS" }))
      ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
  });

/** A buyer's way to sell (the "Sell" button lands here, #start-selling): the seller's fields, then the listing form. */
export function StartSellingCard() {
  const { t } = useTranslation("dashboard");
  const { user, updateUser } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const headingId = useId();
  const card = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState("");
  const [becomeSeller, { loading }] = useBecomeSellerMutation();
  const form = useForm<Form>({
    defaultValues: { sellerType: "", storeName: "", storeDescription: "" },
    resolver: zodResolver(schema, undefined, { raw: true }),
  });
  const business = useWatch({ control: form.control, name: "sellerType" }) === "BUSINESS";

  useEffect(() => {
    if (location.hash === "#start-selling") card.current?.scrollIntoView({ block: "start" });
  }, [location.hash]);

  if (user?.role !== "USER") return null;

  const submit = form.handleSubmit(async (v) => {
    setFailure("");
    try {
      const { data } = await becomeSeller({
        variables: {
          input: {
            sellerType: v.sellerType as SellerType,
            ...(business && { storeName: v.storeName.trim(), storeDescription: v.storeDescription.trim() }),
          },
        },
      });
      if (!data) throw new Error(t("noAnswer"));
      updateUser({ ...user, ...data.becomeSeller });
      notify.success(t("startSelling.done"));
      navigate("/dashboard/seller/add-new-post");
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, FIELDS)) setFailure(errorMessage(error, t("startSelling.failed")));
    }
  });

  return (
    <Card
      variant="outlined"
      sx={{ maxWidth: 560, scrollMarginTop: 72 }}
      id="start-selling"
      ref={card}
      component="section"
      aria-labelledby={headingId}
    >
      <CardContent component="form" onSubmit={submit} noValidate>
        <Typography id={headingId} variant="h6" component="h2">
          {t("startSelling.title")}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t("startSelling.intro")}
        </Typography>
        <Stack spacing={2}>
          <Controller
            control={form.control}
            name="sellerType"
            render={({ field, fieldState }) => (
              <FormControl required error={Boolean(fieldState.error)}>
                <FormLabel id={`${headingId}-type`}>{t("startSelling.sellAs")}</FormLabel>
                <RadioGroup row aria-labelledby={`${headingId}-type`} name={field.name} value={field.value} onChange={field.onChange}>
                  <FormControlLabel value="INDIVIDUAL" control={<Radio />} label={t("startSelling.individual")} />
                  <FormControlLabel value="BUSINESS" control={<Radio />} label={t("startSelling.business")} />
                </RadioGroup>
                {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
              </FormControl>
            )}
          />
          {business && (
            <>
              <FormTextField control={form.control} name="storeName" label={t("startSelling.storeName")} required fullWidth />
              <FormTextField
                control={form.control}
                name="storeDescription"
                label={t("startSelling.storeDescription")}
                required
                fullWidth
                multiline
                minRows={3}
              />
            </>
          )}
          {failure && <Alert severity="error">{failure}</Alert>}
          <Button type="submit" variant="contained" disabled={loading} sx={{ alignSelf: "flex-start" }}>
            {loading ? t("saving") : t("startSelling.title")}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
