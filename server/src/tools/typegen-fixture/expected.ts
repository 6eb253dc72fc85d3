export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "13"
  }
  public: {
    Tables: {
      badges: {
        Row: {
          label: string
          person_id: string
          seq: number
        }
        Insert: {
          label: string
          person_id: string
          seq?: number
        }
        Update: {
          label?: string
          person_id?: string
          seq?: number
        }
        Relationships: [
          {
            foreignKeyName: "badges_person_id_fkey"
            columns: ["person_id"]
            isOneToOne: true
            referencedRelation: "active_people"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "badges_person_id_fkey"
            columns: ["person_id"]
            isOneToOne: true
            referencedRelation: "people"
            referencedColumns: ["id"]
          },
        ]
      }
      notes: {
        Row: {
          body: string | null
          doubled: number | null
          hidden_id: number | null
          id: number
          seen_from: unknown
        }
        Insert: {
          body?: string | null
          doubled?: number | null
          hidden_id?: number | null
          id?: number
          seen_from?: unknown
        }
        Update: {
          body?: string | null
          doubled?: number | null
          hidden_id?: number | null
          id?: number
          seen_from?: unknown
        }
        Relationships: []
      }
      people: {
        Row: {
          active: boolean | null
          "display name": string | null
          home: Database["public"]["CompositeTypes"]["address"] | null
          id: string
          mood: Database["public"]["Enums"]["mood"]
          profile: Json | null
          scores: number[] | null
          tags: string[]
          team_id: number | null
        }
        Insert: {
          active?: boolean | null
          "display name"?: string | null
          home?: Database["public"]["CompositeTypes"]["address"] | null
          id?: string
          mood?: Database["public"]["Enums"]["mood"]
          profile?: Json | null
          scores?: number[] | null
          tags?: string[]
          team_id?: number | null
        }
        Update: {
          active?: boolean | null
          "display name"?: string | null
          home?: Database["public"]["CompositeTypes"]["address"] | null
          id?: string
          mood?: Database["public"]["Enums"]["mood"]
          profile?: Json | null
          scores?: number[] | null
          tags?: string[]
          team_id?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "people_team_id_fkey"
            columns: ["team_id"]
            isOneToOne: false
            referencedRelation: "team_sizes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "people_team_id_fkey"
            columns: ["team_id"]
            isOneToOne: false
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
        ]
      }
      teams: {
        Row: {
          created_at: string
          id: number
          name: string
        }
        Insert: {
          created_at?: string
          id?: never
          name: string
        }
        Update: {
          created_at?: string
          id?: never
          name?: string
        }
        Relationships: []
      }
    }
    Views: {
      active_people: {
        Row: {
          id: string | null
          mood: Database["public"]["Enums"]["mood"] | null
          team_id: number | null
        }
        Insert: {
          id?: string | null
          mood?: Database["public"]["Enums"]["mood"] | null
          team_id?: number | null
        }
        Update: {
          id?: string | null
          mood?: Database["public"]["Enums"]["mood"] | null
          team_id?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "people_team_id_fkey"
            columns: ["team_id"]
            isOneToOne: false
            referencedRelation: "team_sizes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "people_team_id_fkey"
            columns: ["team_id"]
            isOneToOne: false
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
        ]
      }
      team_sizes: {
        Row: {
          id: number | null
          members: number | null
          name: string | null
        }
        Relationships: []
      }
    }
    Functions: {
      add:
        | { Args: { a: number; b?: number }; Returns: number }
        | { Args: { a: string }; Returns: string }
      people_in: {
        Args: { team: number }
        Returns: {
          active: boolean | null
          "display name": string | null
          home: Database["public"]["CompositeTypes"]["address"] | null
          id: string
          mood: Database["public"]["Enums"]["mood"]
          profile: Json | null
          scores: number[] | null
          tags: string[]
          team_id: number | null
        }[]
        SetofOptions: {
          from: "*"
          to: "people"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      team_report: {
        Args: { min_members: number }
        Returns: {
          members: number
          team: string
        }[]
      }
      touch: { Args: never; Returns: undefined }
    }
    Enums: {
      mood: "happy" | "sad" | "so-so"
    }
    CompositeTypes: {
      address: {
        street: string | null
        zip: number | null
      }
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      mood: ["happy", "sad", "so-so"],
    },
  },
} as const
