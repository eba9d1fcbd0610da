import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Link from "@mui/material/Link";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState, type FormEvent } from "react";
import { Link as RouterLink, useLocation, useNavigate } from "react-router-dom";
import { errorMessage, fieldErrors } from "../../components/errors";
import type { RegisterInput, Role, SellerType } from "../../generated/graphql";
import { useRegisterMutation } from "../../generated/hooks";
import { AuthCard } from "./AuthCard";

type Form = {
  email: string;
  username: string;
  password: string;
  name: string;
  contactNumber: string;
  role: Extract<Role, "USER" | "SELLER">;
  sellerType: SellerType | "";
  storeName: string;
  storeDescription: string;
};

const EMPTY: Form = {
  email: "",
  username: "",
  password: "",
  name: "",
  contactNumber: "",
  role: "USER",
  sellerType: "",
  storeName: "",
  storeDescription: "",
};

/**
 * The registration input: seller fields only for sellers, store fields only for business sellers
 * (spec §5: "Seller fields are sent only in those cases").
 */
export function toRegisterInput(form: Form): RegisterInput {
  const input: RegisterInput = {
    email: form.email.trim(),
    username: form.username.trim(),
    password: form.password,
    name: form.name.trim(),
    contactNumber: form.contactNumber.trim(),
    role: form.role,
  };
  if (form.role === "SELLER" && form.sellerType) {
    input.sellerType = form.sellerType;
    if (form.sellerType === "BUSINESS") {
      input.storeName = form.storeName.trim();
      input.storeDescription = form.storeDescription.trim();
    }
  }
  return input;
}

/** /register: buyer or seller; success goes to /login with a success note. */
export function RegisterPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [form, setForm] = useState<Form>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [register, { loading }] = useRegisterMutation();

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setFields((f) => ({ ...f, [key]: "" }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (form.role === "SELLER" && !form.sellerType) {
      setFields((f) => ({ ...f, sellerType: "Choose whether you sell as a business or an individual." }));
      return;
    }
    try {
      await register({ variables: { input: toRegisterInput(form) } });
      const from = (location.state as { from?: unknown } | null)?.from;
      navigate("/login", { state: { registered: form.email.trim(), from } });
    } catch (e) {
      setFields(fieldErrors(e));
      setError(errorMessage(e, "Registration failed"));
    }
  };

  const isSeller = form.role === "SELLER";
  const isBusiness = isSeller && form.sellerType === "BUSINESS";

  return (
    <AuthCard title="Create an account" subtitle="Buy and sell with students across Pakistan.">
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}
      <Stack component="form" spacing={2} onSubmit={submit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={(e) => set("email", e.target.value)}
          required
          fullWidth
          error={Boolean(fields.email)}
          helperText={fields.email}
        />
        <TextField
          label="Username"
          autoComplete="username"
          value={form.username}
          onChange={(e) => set("username", e.target.value)}
          required
          fullWidth
          error={Boolean(fields.username)}
          helperText={fields.username || "3 to 40 letters, digits, '.', '_' or '-'."}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={(e) => set("password", e.target.value)}
          required
          fullWidth
          error={Boolean(fields.password)}
          helperText={fields.password || "At least 8 characters."}
        />
        <TextField
          label="Full name"
          autoComplete="name"
          value={form.name}
          onChange={(e) => set("name", e.target.value)}
          required
          fullWidth
          error={Boolean(fields.name)}
          helperText={fields.name}
        />
        <TextField
          label="Contact number"
          type="tel"
          autoComplete="tel"
          value={form.contactNumber}
          onChange={(e) => set("contactNumber", e.target.value)}
          required
          fullWidth
          placeholder="03001234567"
          error={Boolean(fields.contactNumber)}
          helperText={fields.contactNumber}
        />
        <FormControl required>
          <FormLabel id="role-label">I want to</FormLabel>
          <RadioGroup
            row
            aria-labelledby="role-label"
            name="role"
            value={form.role}
            onChange={(e) => set("role", e.target.value as Form["role"])}
          >
            <FormControlLabel value="USER" control={<Radio />} label="Buyer" />
            <FormControlLabel value="SELLER" control={<Radio />} label="Seller" />
          </RadioGroup>
        </FormControl>
        {isSeller && (
          <FormControl required error={Boolean(fields.sellerType)}>
            <FormLabel id="seller-type-label">Seller type</FormLabel>
            <RadioGroup
              row
              aria-labelledby="seller-type-label"
              name="sellerType"
              value={form.sellerType}
              onChange={(e) => set("sellerType", e.target.value as SellerType)}
            >
              <FormControlLabel value="BUSINESS" control={<Radio />} label="Business" />
              <FormControlLabel value="INDIVIDUAL" control={<Radio />} label="Individual" />
            </RadioGroup>
            {fields.sellerType && <FormHelperText>{fields.sellerType}</FormHelperText>}
          </FormControl>
        )}
        {isBusiness && (
          <>
            <TextField
              label="Store name"
              value={form.storeName}
              onChange={(e) => set("storeName", e.target.value)}
              required
              fullWidth
              error={Boolean(fields.storeName)}
              helperText={fields.storeName}
            />
            <TextField
              label="Store description"
              value={form.storeDescription}
              onChange={(e) => set("storeDescription", e.target.value)}
              required
              fullWidth
              multiline
              minRows={3}
              error={Boolean(fields.storeDescription)}
              helperText={fields.storeDescription}
            />
          </>
        )}
        <Button type="submit" variant="contained" size="large" disabled={loading} fullWidth>
          {loading ? "Creating account..." : "Register"}
        </Button>
      </Stack>
      <Typography sx={{ mt: 3, textAlign: "center" }}>
        Already have an account?{" "}
        <Link component={RouterLink} to="/login" state={location.state}>
          Login
        </Link>
      </Typography>
    </AuthCard>
  );
}
